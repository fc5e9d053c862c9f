const VERSION = '1.4.6';

module.exports = { VERSION };
