function saveOrder(input) {
  return input;
}

function loadUser(input) {
  return input;
}

module.exports = { saveOrder, loadUser };
