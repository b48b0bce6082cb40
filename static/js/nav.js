// On a phone the site's navigation folds behind a "Menu" button (issue #35: it took a third of
// the first screen). Without this script the links simply stay in view. The button says whether
// the menu is open (aria-expanded); Escape closes it and gives focus back to the button.
const bar = document.querySelector(".topbar");
const button = bar?.querySelector(".nav-toggle");
if (bar && button) {
  bar.classList.add("folding");
  button.hidden = false;
  const show = (open) => {
    bar.classList.toggle("nav-open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  };
  button.addEventListener("click", () => show(!bar.classList.contains("nav-open")));
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !bar.classList.contains("nav-open")) return;
    show(false);
    button.focus();
  });
}
