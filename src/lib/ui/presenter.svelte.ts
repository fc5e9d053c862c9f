/**
 * U3: presenter mode, for a class on a 1024×700 projector — larger type, the transcript given the
 * room, and each side pane one click away. Kept per browser (a teacher's projector stays set up).
 */
const key = 'harness-playground.presenter';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'on';
  } catch {
    return false;
  }
}

export class Presenter {
  on = $state(stored());
  /** Shown while presenting (both hidden when it starts: the transcript gets the room). */
  left = $state(false);
  right = $state(false);

  toggle(): void {
    this.on = !this.on;
    this.left = false;
    this.right = false;
    try {
      globalThis.localStorage?.setItem(key, this.on ? 'on' : 'off');
    } catch {
      // Storage blocked: presenter mode lasts as long as the page.
    }
  }

  /** The body's grid columns: panes hidden in presenter mode take no column; while presenting,
   * each edge has a thin column for the button that shows its pane. */
  columns(): string {
    const edge = this.on ? 'auto ' : '';
    const left = !this.on || this.left ? 'clamp(180px, var(--left), 26vw) auto ' : '';
    // Presenting, the side pane is narrower: at 1024×700 the transcript keeps 500 px beside it.
    const right = !this.on
      ? ' auto clamp(280px, var(--right), 42vw)'
      : this.right
        ? ' auto clamp(260px, var(--right), 32vw)'
        : '';
    return `${edge}${left}minmax(300px, 1fr)${right}${edge ? ' auto' : ''}`;
  }
}
