// The page's main-thread tasks, through Chromium's trace: how long each ran (wall clock) and how
// much CPU time it used. On a loaded test machine (2 cores shared by many jobs) a task's wall time
// grows with the load while its CPU time does not, so tests bound the CPU time and print both.
// Tasks that evaluate the page's module scripts are the page's start-up, the same for every
// notebook; they are reported apart (`startMs`).
//
//   await startTasks(browser, page);  ...  const { wallMs, cpuMs, startMs } = await stopTasks(browser);

const CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'devtools.timeline', 'v8', '__metadata'];
const TASK = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

export async function startTasks(browser, page) {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stops tracing; the longest main-thread task of the page by wall and by CPU time (ms), and its parts. */
export async function stopTasks(browser) {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents || trace;
  const threads = new Map(); // "pid:tid" of each renderer main thread -> its complete events, by start
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') threads.set(`${e.pid}:${e.tid}`, []);
  }
  for (const e of events) if (e.ph === 'X') threads.get(`${e.pid}:${e.tid}`)?.push(e);
  let wallMs = 0;
  let cpuMs = 0;
  let startMs = 0;
  let inside = [];
  for (const list of threads.values()) {
    list.sort((a, b) => a.ts - b.ts);
    const tasks = [];
    let end = -Infinity; // the end of the outermost task around this event
    let current = null;
    for (const e of list) {
      if (e.ts >= end && TASK.has(e.name)) {
        current = { wall: (e.dur || 0) / 1000, cpu: (e.tdur || 0) / 1000, start: false, inside: [] };
        end = e.ts + (e.dur || 0);
        tasks.push(current);
      } else if (current && e.ts < end) {
        if (e.name === 'v8.evaluateModule') current.start = true;
        const what = e.args?.data?.functionName || e.args?.data?.type || '';
        if ((e.tdur || 0) >= 10000 && !TASK.has(e.name)) current.inside.push(`${e.name}${what ? ` ${what}` : ''} ${Math.round(e.tdur / 1000)}`);
      }
    }
    for (const t of tasks) {
      if (t.start) startMs = Math.max(startMs, t.cpu);
      else {
        wallMs = Math.max(wallMs, t.wall);
        if (t.cpu > cpuMs) inside = t.inside;
        cpuMs = Math.max(cpuMs, t.cpu);
      }
    }
  }
  // `inside`: what took 10 ms or more of the longest task's CPU time, for a failing test's message.
  return { wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs), startMs: Math.round(startMs), inside: inside.join(', ') };
}
