console.log("greet ran 546");
