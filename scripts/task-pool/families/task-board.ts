import type { Family, Phrasing } from '../family';
import { call, final, lines, phrase } from '../family';
import { checkCommand } from '../check-spec';

interface P {
  count: string;
  list: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: true,
    text: (p) =>
      `${p.list} lists ${p.count} steps. Put each on the task board with create_task, then claim and complete each one in order (the steps need no code changes). Finish when all are completed.`,
  },
  {
    style: 'question',
    names: true,
    text: (p) =>
      `Can you track the ${p.count} steps in ${p.list} on the task board — create a task for each, then claim and complete them one by one? No code changes are needed.`,
  },
  {
    style: 'story',
    names: true,
    text: (p) =>
      `I'm showing my class the task board. Take the ${p.count} steps from ${p.list}, make a task of each, and work through them: claim, then complete, in order. The steps themselves need no code.`,
  },
];

const steps = [
  ['Read the README', 'readme'],
  ['Check the licence', 'licen[cs]e'],
  ['Note the version', 'version'],
  ['List the scripts', 'script'],
  ['Review the changelog', 'changelog'],
];

export const taskBoard: Family = {
  id: 'task-board',
  rung: 3,
  split: 'dev',
  about: 'Put the steps a file lists on the task board, then claim and complete each in order.',
  count: 3,
  variant(random, index) {
    const chosen = random.sample(steps, 3);
    const list = random.pick(['TODO.md', 'STEPS.md']);
    const patterns = chosen.map(([, pattern]) => `/${pattern}/i`).join(',');
    const check = `node -e "const t=JSON.parse(require('fs').readFileSync('.harness/tasks.json','utf8')); const want=[${patterns}]; const ok=t.length===3 && want.every(w=>t.some(x=>w.test(x.subject)&&x.status==='completed')); process.exit(ok?0:1)"`;
    return {
      title: 'Work through the task board',
      ...phrase(phrasings, index, { count: 'three', list }),
      check: checkCommand('test -f .harness/tasks.json', check),
      tags: ['tasks'],
      files: {
        [list]: lines('# Steps', '', ...chosen.map(([step], at) => `${at + 1}. ${step}`)),
        'README.md': '# Project\n',
      },
      reference: [
        ...chosen.map(([step]) => call('create_task', { subject: step })),
        ...chosen.flatMap((_, at) => [
          call('claim_task', { id: `task-${at + 1}` }),
          call('complete_task', { id: `task-${at + 1}` }),
        ]),
        final('All three tasks are completed.'),
      ],
      shortcuts: {
        'two-of-three': {
          about: 'Completes two of the three.',
          replies: [
            ...chosen.slice(0, 2).map(([step]) => call('create_task', { subject: step })),
            call('claim_task', { id: 'task-1' }),
            call('complete_task', { id: 'task-1' }),
            call('claim_task', { id: 'task-2' }),
            call('complete_task', { id: 'task-2' }),
            final('Done.'),
          ],
        },
        'created-only': {
          about: 'Creates the tasks and completes none.',
          replies: [...chosen.map(([step]) => call('create_task', { subject: step })), final('Done.')],
        },
      },
    };
  },
};
