console.log('web build placeholder')
