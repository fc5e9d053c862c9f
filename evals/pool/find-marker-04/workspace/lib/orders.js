function saveOrder(input) {
  return input;
}

function formatName(input) {
  // LEAK-842: revisit before release
  return input;
}

module.exports = { saveOrder, formatName };
