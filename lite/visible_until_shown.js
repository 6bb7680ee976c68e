// A notebook page that opens out of sight is told it is in sight until it is first shown.
//
// The welcome page asks the browser to prerender the first lesson (lite/welcome_host.js), and a visitor may open
// one in a background tab: either way the page starts hidden.  JupyterLab's polls (Lumino's Poll, standby
// "when-hidden") do nothing while the page is hidden, and one of them is the kernel spec manager's refresh once the
// Pyodide kernel has registered: the notebook would open knowing no kernel, ask "Select Kernel" out of sight, and
// never start Python, even once shown (JupyterLite issue #610, back since its service manager became plugins).
// Lumino reads document.visibilityState when it loads and on each visibilitychange, so until the page is first
// shown both document.visibilityState and document.hidden say "visible"; from then on the browser answers.
//
// A classic script at the top of the notebook app's <head> (lite/lesson_page.py puts it there): it runs before
// JupyterLite's own scripts are even fetched.
{
  if (document.visibilityState === "hidden") {
    const real = Object.getOwnPropertyDescriptor(Document.prototype, "visibilityState")?.get;
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    const shown = () => {
      if ((/** @type {any} */ (document)).prerendering || real?.call(document) === "hidden") return;
      delete (/** @type {any} */ (document)).visibilityState;
      delete (/** @type {any} */ (document)).hidden;
      document.removeEventListener("prerenderingchange", shown, true);
      document.removeEventListener("visibilitychange", shown, true);
    };
    // captured, so the browser's answer is back before Lumino's own listener reads it
    document.addEventListener("prerenderingchange", shown, true);
    document.addEventListener("visibilitychange", shown, true);
  }
}
