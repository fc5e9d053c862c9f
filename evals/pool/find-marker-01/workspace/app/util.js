function hashPassword(input) {
  return input;
}

function saveOrder(input) {
  return input;
}

module.exports = { hashPassword, saveOrder };
