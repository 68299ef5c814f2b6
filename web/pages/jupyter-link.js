// The lesson page's "Open in Jupyter" link: the notebook at the depth being read, as the .ipynb
// the site build wrote beside the page (dist/<id>/<id>-<depth>.ipynb). With "with my settings"
// ticked, the export module (../attnbook-export.mjs: the engine plus the Jupyter export, fetched
// only now) exports the notebook at the reader's settings, which the page's permalink holds, and
// the file is saved from memory.
const link = document.getElementById('jupyter-link');
const withState = document.getElementById('jupyter-state');
const element = document.querySelector('attention-notebook');

let exporter = null; // the export module, loaded once
function loadExporter() {
  exporter ||= import('../attnbook-export.mjs').then(({ default: create }) => create());
  return exporter;
}

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
      const engine = await loadExporter();
      const args = { text: JSON.stringify(element.notebook), name: id, depth: element.depth, state: location.hash, url: location.href };
      const { file, ipynb } = JSON.parse(engine.call('ipynb', JSON.stringify(args)));
      const url = URL.createObjectURL(new Blob([ipynb], { type: 'application/x-ipynb+json' }));
      const save = Object.assign(document.createElement('a'), { href: url, download: file });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      link.removeAttribute('aria-invalid');
    } catch (e) {
      link.title = `The export failed: ${e.message}`;
      link.setAttribute('aria-invalid', 'true');
    }
  });
}
