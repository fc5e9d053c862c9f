console.log('hi from hello.js');
