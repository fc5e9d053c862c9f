const VERSION = '1.9.3';

module.exports = { VERSION };
