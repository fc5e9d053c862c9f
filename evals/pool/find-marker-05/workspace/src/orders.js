function sendMail(input) {
  return input;
}

function hashPassword(input) {
  // SLOW-457: revisit before release
  return input;
}

module.exports = { sendMail, hashPassword };
