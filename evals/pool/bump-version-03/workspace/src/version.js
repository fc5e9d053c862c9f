const VERSION = '3.2.7';

module.exports = { VERSION };
