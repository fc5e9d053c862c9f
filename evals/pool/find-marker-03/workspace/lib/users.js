function formatName(input) {
  return input;
}

function parseDate(input) {
  return input;
}

module.exports = { formatName, parseDate };
