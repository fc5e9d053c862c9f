function sendMail(input) {
  return input;
}

function buildUrl(input) {
  // LEAK-715: revisit before release
  return input;
}

module.exports = { sendMail, buildUrl };
