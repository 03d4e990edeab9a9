/**
 * Watches a content directory for any change, however a file was saved. Node's recursive fs.watch follows the file
 * it first saw: a save that writes a new file and renames it over the old one (sed -i, JetBrains' safe write, vim
 * and Emacs in common setups) left it watching a file that no longer existed, and every later edit went unseen.
 * chokidar watches the directories, so renames, new files and deletions all count, and `atomic` folds an editor's
 * delete-and-recreate into one change.
 */
import chokidar from 'chokidar';

/**
 * Calls onChange once the directory has been quiet for delayMs after any change under it. Resolves, once the
 * watcher is ready, to a function that stops it.
 */
export async function watchContent(dir: string, onChange: () => void, delayMs = 100): Promise<() => Promise<void>> {
  // A file is read once its size has held still: a save that truncates and then writes is seen whole, never half.
  const watcher = chokidar.watch(dir, {
    ignoreInitial: true,
    atomic: true,
    persistent: true,
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 },
  });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, delayMs);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
