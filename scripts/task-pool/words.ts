/** Word pools the families draw names, values and texts from (plain, common words: no task's own). */
export const people = [
  'Ada',
  'Grace',
  'Linus',
  'Margaret',
  'Alan',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Radia',
  'Edsger',
  'Hedy',
  'Tim',
  'Katherine',
  'John',
  'Annie',
  'Niklaus',
  'Joan',
  'Donald',
  'Shafi',
];
export const surnames = ['Rivera', 'Okafor', 'Lindqvist', 'Tanaka', 'Moreau', 'Haddad', 'Novak', 'Brennan'];
export const fruits = [
  'apple',
  'banana',
  'cherry',
  'grape',
  'kiwi',
  'lemon',
  'mango',
  'orange',
  'peach',
  'plum',
  'pear',
  'melon',
];
export const chores = [
  'water the plants',
  'call the plumber',
  'renew the library card',
  'book the dentist',
  'pay the rent',
  'return the drill',
  'buy stamps',
  'fix the bike light',
  'clean the oven',
  'send the invoice',
  'back up the laptop',
  'order new filters',
];
export const cities = [
  'Lisbon',
  'Osaka',
  'Denver',
  'Nairobi',
  'Oslo',
  'Porto',
  'Quito',
  'Tallinn',
  'Hobart',
  'Lyon',
  'Leeds',
  'Austin',
];
export const colors = ['teal', 'amber', 'crimson', 'olive', 'navy', 'coral', 'indigo', 'ivory'];
export const animals = ['otter', 'heron', 'badger', 'lynx', 'falcon', 'beaver', 'gecko', 'walrus'];
export const products = [
  'kettle',
  'lamp',
  'stapler',
  'backpack',
  'notebook',
  'headset',
  'mug',
  'umbrella',
  'scarf',
  'tripod',
];
export const branches = ['release/stable', 'ship/main-line', 'prod', 'deploy/live', 'rc/next', 'stable-2'];
export const regions = ['eu-west', 'us-east', 'ap-south', 'ca-central', 'sa-east'];
export const hosts = ['db.internal', 'cache.local', 'queue.lan', 'store.intra', 'api.home'];

/** Lowercase words for file and folder names. */
export const folders = ['notes', 'docs', 'data', 'config', 'lists', 'misc', 'team', 'ops'];
