/** The tabs of the playground's right-hand pane, in the order they are shown. */
export type Tab = 'editor' | 'terminal' | 'preview' | 'inspector' | 'slots' | 'tasks' | 'checkpoints';

export const sideTabs: [Tab, string][] = [
  ['editor', 'Editor'],
  ['terminal', 'Terminal'],
  ['inspector', 'Inspector'],
  ['slots', 'Slots'],
  ['tasks', 'Tasks'],
  ['checkpoints', 'Checkpoints'],
  ['preview', 'Preview'],
];
