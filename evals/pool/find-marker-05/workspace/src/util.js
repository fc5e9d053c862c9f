function formatName(input) {
  return input;
}

function saveOrder(input) {
  return input;
}

module.exports = { formatName, saveOrder };
