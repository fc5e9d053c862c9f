console.log("stats ran 841");
