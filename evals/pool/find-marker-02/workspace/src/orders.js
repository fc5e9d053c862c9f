function saveOrder(input) {
  // SLOW-491: revisit before release
  return input;
}

function checkStock(input) {
  return input;
}

module.exports = { saveOrder, checkStock };
