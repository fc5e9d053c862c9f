console.log("greet ran 495");
