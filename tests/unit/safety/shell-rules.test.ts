/**
 * T4: the command rules read commands with a real shell parser. The hostile spellings are data
 * (hostile/shell-bypasses.json); each was a bypass of the old pattern matcher.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkShellRules } from '../../../src/lib/harness/tools/shell-rules';
import { defaultSettings } from '../../../src/lib/harness/settings';
import { analyzeShellCommand } from '../../../src/lib/workspace/shell-command-analyzer';
import { final, harness, ScriptedApprover, tool, toolResults } from '../helpers';

const data = JSON.parse(readFileSync(join(import.meta.dirname, 'hostile/shell-bypasses.json'), 'utf8')) as {
  denied: string[];
  refusedUnderAuto: string[];
  notAutoAllowedUnder: { allow: string[]; commands: string[] };
  autoAllowedUnder: { allow: string[]; commands: string[] };
};
const { deny } = defaultSettings().shellRules;

const shellForms = JSON.parse(readFileSync(join(import.meta.dirname, 'hostile/shell-forms.json'), 'utf8')) as {
  forms: { form: string; command: string; runs: string }[];
  unknownShapes: { form: string; command: string }[];
};

describe('T4 a command is judged by every program it can start', () => {
  for (const { form, command, runs } of shellForms.forms) {
    it(`T4 ${form} runs ${runs}: a deny rule for ${runs} refuses it`, () => {
      const rules = { allow: ['*'], deny: [...deny, `${runs} *`] };
      expect(checkShellRules(command, rules, analyzeShellCommand)).toMatchObject({ verdict: 'deny' });
    });
  }
  for (const { form, command } of shellForms.unknownShapes) {
    it(`T4 an unknown shape (${form}) is refused under "auto" and asked under "ask"`, () => {
      expect(checkShellRules(command, { allow: ['*'], deny }, analyzeShellCommand)).toMatchObject({
        verdict: 'ask',
        opaque: true,
      });
    });
  }

  it('T4 through the agent under "auto": none of the forms runs the denied program', async () => {
    const calls = shellForms.forms
      .filter(({ runs }) => runs === 'touch')
      .map(({ command }) => tool('run_shell', { command: command.replaceAll('touch x', 'touch pwned') }));
    const h = harness([...calls, final('ok')], {
      files: { 'list.txt': 'pwned\n', 'setup.sh': 'touch pwned\n' },
      settings: { approval: 'auto', shellRules: { allow: [], deny: [...deny, 'touch *'] } },
    });
    await h.agent.run('go');
    expect(await h.workspace.stat('pwned')).toBeNull();
    expect(h.of('approval').map((event) => event.decision)).toEqual(calls.map(() => 'denied'));
  });
});

describe('T4 command rules hold however a command is written', () => {
  for (const command of data.denied) {
    it(`T4 the default deny rules refuse ${JSON.stringify(command)}`, () => {
      expect(checkShellRules(command, { allow: ['*'], deny }, analyzeShellCommand).verdict).toBe('deny');
    });
  }
  for (const command of data.notAutoAllowedUnder.commands) {
    it(`T4 an allow rule never auto-allows ${JSON.stringify(command)}`, () => {
      expect(
        checkShellRules(command, { allow: data.notAutoAllowedUnder.allow, deny: [] }, analyzeShellCommand).verdict,
      ).toBe('ask');
    });
  }
  for (const command of data.refusedUnderAuto) {
    it(`T4 what ${JSON.stringify(command)} runs cannot be checked: never run without a person saying yes`, () => {
      expect(checkShellRules(command, { allow: ['*'], deny }, analyzeShellCommand)).toMatchObject({
        verdict: 'ask',
        opaque: true,
      });
    });
  }

  it('T4 under approval "auto", a command no rule can check is refused and does not run', async () => {
    const h = harness(
      [tool('run_shell', { command: 's=touch; $s pwned' }), tool('run_shell', { command: 'touch fine' }), final('ok')],
      { settings: { approval: 'auto' } },
    );
    await h.agent.run('go');
    expect(toolResults(h)[0]).toMatch(/not run under approval "auto".*computed at run time/);
    expect(await h.workspace.stat('pwned')).toBeNull();
    expect(await h.workspace.stat('fine')).not.toBeNull();
  });

  it('T4 plain commands that match an allow rule still run without asking', () => {
    for (const command of data.autoAllowedUnder.commands) {
      expect(
        checkShellRules(command, { allow: data.autoAllowedUnder.allow, deny }, analyzeShellCommand),
        command,
      ).toMatchObject({ verdict: 'allow' });
    }
  });

  it('T4 through the agent: a nested deny is refused before anyone is asked, a hidden substitution is asked about', async () => {
    const approver = new ScriptedApprover([false]);
    const h = harness(
      [
        tool('run_shell', { command: 'sh -c "sudo rm -rf /tmp/x"' }),
        tool('run_shell', { command: 'ls $(touch pwned)' }),
        final('ok'),
      ],
      {
        approver,
        settings: { approval: 'ask', shellRules: { allow: ['ls *'], deny: ['sudo *'] } },
      },
    );
    await h.agent.run('go');
    expect(toolResults(h)[0]).toMatch(/deny rule "sudo \*"/);
    expect(approver.asked.map((request) => request.args.command)).toEqual(['ls $(touch pwned)']);
    expect(await h.workspace.stat('pwned')).toBeNull();
  });

  it('T4 the prompt says the rules are a guard, not a sandbox', async () => {
    const h = harness([final('x')]);
    await h.agent.run('go');
    expect(h.model.requests[0].messages[0].content).toContain('a guard against mistakes, not a sandbox');
  });
});
