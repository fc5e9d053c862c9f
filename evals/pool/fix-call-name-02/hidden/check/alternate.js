function toTitle(d) {
  return d.toUpperCase();
}

module.exports = { toTitle };
