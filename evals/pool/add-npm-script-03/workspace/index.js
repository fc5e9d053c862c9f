console.log('start');
