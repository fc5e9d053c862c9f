import type { Family, Phrasing } from '../family';
import { call, final, phrase, write } from '../family';
import { verify } from '../check-spec';
import { branches, people } from '../words';

interface P {
  skill: string;
  asks: string;
  answer: string;
}

const phrasings: Phrasing<P>[] = [
  {
    style: 'imperative',
    names: false,
    text: (p) => `The project's ${p.skill} skill says ${p.asks}. Write that, and nothing else, into ${p.answer}.`,
  },
  {
    style: 'question',
    names: false,
    text: (p) => `According to the ${p.skill} skill, ${p.asks}? Save only the answer in ${p.answer}.`,
  },
  {
    style: 'story',
    names: false,
    text: (p) =>
      `I'm new on the team and keep forgetting ${p.asks}; it's in our ${p.skill} skill. Put just that into ${p.answer} for me.`,
  },
];

export const skillAnswer: Family = {
  id: 'skill-answer',
  rung: 1,
  split: 'tuning',
  about: 'Load the skill the request names and write the one fact it is asked for into an answer file.',
  count: 6,
  variant(random, index) {
    const facts = [
      {
        skill: 'release',
        asks: 'which branch releases are cut from',
        value: random.pick(branches),
        line: (v: string) => `Releases are cut from the branch ${v}, never from main.`,
      },
      {
        skill: 'oncall',
        asks: 'who is on call this week',
        value: random.pick(people),
        line: (v: string) => `This week ${v} is on call; page them for outages.`,
      },
      {
        skill: 'deploy',
        asks: 'which command deploys the site',
        value: `make ship-${random.pick(['web', 'site', 'docs'])}`,
        line: (v: string) => `Deploy the site with \`${v}\` from a clean checkout.`,
      },
      {
        skill: 'support',
        asks: 'which chat channel takes support requests',
        value: `#help-${random.pick(['desk', 'line', 'now'])}`,
        line: (v: string) => `Support requests go to ${v} on chat.`,
      },
    ];
    const fact = random.pick(facts);
    const folder = random.pick(['skills', 'agent-skills', 'docs/skills']);
    const answer = random.pick(['ANSWER.txt', 'answer.txt']);
    const other = random.pick(facts.filter((entry) => entry.skill !== fact.skill));
    const skillFile = (name: string, body: string) =>
      `---\nname: ${name}\ndescription: How the team handles ${name}.\n---\n# ${name}\n\n${body}\n`;
    return {
      title: 'Answer from a skill',
      ...phrase(phrasings, index, { skill: fact.skill, asks: fact.asks, answer }),
      check: verify([{ file: answer, answer: [fact.value] }]),
      tags: ['skill', 'answer'],
      settings: { skillsFolder: folder },
      files: {
        [`${folder}/${fact.skill}/SKILL.md`]: skillFile(fact.skill, fact.line(fact.value)),
        [`${folder}/${other.skill}/SKILL.md`]: skillFile(other.skill, other.line(other.value)),
        'README.md': '# Team handbook\n\nHow we work, as skills the agent can load.\n',
      },
      reference: [
        call('load_skill', { name: fact.skill }),
        write(answer, fact.value + '\n'),
        final(`It is ${fact.value}.`),
      ],
      shortcuts: {
        'whole-line': {
          about: "Writes the skill's sentence.",
          replies: [
            call('load_skill', { name: fact.skill }),
            write(answer, fact.line(fact.value) + '\n'),
            final('Done.'),
          ],
        },
        'other-skill': {
          about: "Writes the other skill's fact.",
          replies: [call('load_skill', { name: other.skill }), write(answer, other.value + '\n'), final('Done.')],
        },
      },
    };
  },
};
