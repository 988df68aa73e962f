import { PASSWORD_MAX, PASSWORD_MIN, PRODUCT_NAME } from "../../common/constants.ts";

export interface LoginPageState {
  /** Which form the message belongs to. */
  form?: "signin" | "signup";
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: { email?: string; firstName?: string; lastName?: string };
  /** The page to come back to after signing in (already checked by safeReturnTo). */
  returnTo?: string;
  /** Under the sign-in form: a way in for the owner of an account strangers locked. */
  offer?: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function field(opts: {
  id: string;
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string;
  extra?: string;
}): string {
  const errorId = `${opts.id}-error`;
  const value = opts.value === undefined ? "" : ` value="${escapeHtml(opts.value)}"`;
  const error = opts.error
    ? `<p class="field-error" id="${errorId}">${escapeHtml(opts.error)}</p>`
    : "";
  const describedBy = opts.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  return `<div class="field"><label for="${opts.id}">${opts.label}</label><input id="${opts.id}" name="${opts.name}" type="${opts.type}" autocomplete="${opts.autocomplete}" required${value}${describedBy}${opts.extra ?? ""}>${error}</div>`;
}

/** The built-in provider's sign-in page (behaviour contract: labels and buttons are fixed). */
export function renderLoginPage(state: LoginPageState = {}): string {
  const errors = state.fieldErrors ?? {};
  const v = state.values ?? {};
  const alert = (form: "signin" | "signup") =>
    state.form === form && state.message
      ? `<p class="alert" role="alert">${escapeHtml(state.message)}</p>`
      : "";
  const signinErr = (name: string) => (state.form === "signin" ? errors[name] : undefined);
  const signupErr = (name: string) => (state.form === "signup" ? errors[name] : undefined);
  const returnTo = state.returnTo
    ? `<input type="hidden" name="returnTo" value="${escapeHtml(state.returnTo)}">`
    : "";
  return pageShell(
    "Sign in",
    `
<h1>Welcome to ${PRODUCT_NAME}</h1>
<div class="forms">
<section aria-labelledby="signin-title">
<h2 id="signin-title">Sign in</h2>
${alert("signin")}
<form method="post" action="/api/login" aria-label="Sign in" novalidate>
${returnTo}
${field({ id: "signin-email", name: "email", label: "Email", type: "email", autocomplete: "username", value: state.form === "signin" ? v.email : undefined, error: signinErr("email") })}
${field({ id: "signin-password", name: "password", label: "Password", type: "password", autocomplete: "current-password", error: signinErr("password") })}
<button type="submit">Sign in</button>
</form>
${state.offer ?? ""}
<p class="aside"><a href="/api/login/forgot">Forgot password?</a></p>
</section>
<section aria-labelledby="signup-title">
<h2 id="signup-title">New here? Create an account</h2>
${alert("signup")}
<form method="post" action="/api/signup" aria-label="Create account" novalidate>
${returnTo}
${field({ id: "signup-first-name", name: "firstName", label: "First name", type: "text", autocomplete: "given-name", value: v.firstName, error: signupErr("firstName"), extra: ' maxlength="100"' })}
${field({ id: "signup-last-name", name: "lastName", label: "Last name", type: "text", autocomplete: "family-name", value: v.lastName, error: signupErr("lastName"), extra: ' maxlength="100"' })}
${field({ id: "signup-email", name: "email", label: "Email", type: "email", autocomplete: "email", value: state.form === "signup" ? v.email : undefined, error: signupErr("email"), extra: ' maxlength="255"' })}
${field({ id: "signup-password", name: "password", label: "Password", type: "password", autocomplete: "new-password", error: signupErr("password"), extra: ` minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"` })}
<p class="hint">${PASSWORD_MIN} to ${PASSWORD_MAX} characters; very common passwords are refused.</p>
<button type="submit">Create account</button>
</form>
</section>
</div>
`,
  );
}

/** The frame of every built-in account page: one look, no script, styles inline. */
export function pageShell(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff7ed;color:#1e293b;line-height:1.5}
header{padding:1rem 1.5rem}
header a{color:#9a3412;font-weight:700;text-decoration:none;font-size:1.125rem;display:inline-flex;align-items:center;gap:.5rem}
main{max-width:56rem;margin:0 auto;padding:1rem 1.5rem 3rem}
h1{font-size:1.75rem;margin:.5rem 0 1.5rem;text-align:center}
.forms{display:grid;gap:1.5rem}
@media (min-width:768px){.forms{grid-template-columns:1fr 1fr}}
section{background:#fff;border:1px solid #fed7aa;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h2{font-size:1.25rem;margin:0 0 1rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit}
input:focus{outline:3px solid #fdba74;border-color:#c2410c}
button{width:100%;padding:.7rem 1rem;border:0;border-radius:.5rem;background:#c2410c;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#9a3412}
button:focus-visible{outline:3px solid #1e293b;outline-offset:2px}
.alert{background:#fef2f2;border:1px solid #fca5a5;color:#991b1b;padding:.625rem .75rem;border-radius:.5rem}
.field-error{color:#b91c1c;margin:.25rem 0 0;font-size:.875rem}
.hint{color:#475569;font-size:.875rem;margin:-.5rem 0 1rem}
.narrow{max-width:28rem;margin:0 auto}
.notice{background:#f0fdf4;border:1px solid #86efac;color:#166534;padding:.625rem .75rem;border-radius:.5rem}
.aside{margin:1rem 0 0;text-align:center}
a{color:#9a3412}
</style>
</head>
<body>
<header><a href="/"><img src="/favicon.svg" alt="" width="24" height="24"> ${PRODUCT_NAME}</a></header>
<main>
${main}
</main>
</body>
</html>`;
}
