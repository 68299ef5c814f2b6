// The lesson page's "Open in Jupyter" link: the notebook at the depth being read, as the .ipynb
// the site build wrote beside the page (dist/<id>/<id>-<depth>.ipynb); with "with my settings"
// ticked, the engine exports it on the spot with the reader's current settings (the permalink's
// state) and the file is saved from memory.
const link = document.getElementById('jupyter-link');
const withState = document.getElementById('jupyter-state');
const element = document.querySelector('attention-notebook');

if (link && element) {
  const id = link.dataset.notebook;
  const follow = () => {
    const depth = element.depth;
    if (!depth) return;
    link.href = `${id}-${depth}.ipynb`;
    link.setAttribute('download', `${id}-${depth}.ipynb`);
  };
  element.addEventListener('notebookopen', follow);
  element.addEventListener('depthchange', follow);
  element.ready?.then(follow, () => {});

  link.addEventListener('click', async (event) => {
    if (!withState?.checked) return; // the built file, as linked
    event.preventDefault();
    try {
      const { file, ipynb } = await element.exportIpynb({ withState: true, url: location.href });
      const url = URL.createObjectURL(new Blob([ipynb], { type: 'application/x-ipynb+json' }));
      const save = Object.assign(document.createElement('a'), { href: url, download: file });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      link.title = `The export failed: ${e.message}`;
      link.setAttribute('aria-invalid', 'true');
    }
  });
}
