const VERSION = '3.3.1';

module.exports = { VERSION };
