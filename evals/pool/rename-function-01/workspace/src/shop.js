function doIt(list, item) {
  return [...list, item];
}

module.exports = { doIt };
