import { PASSWORD_MAX, PASSWORD_MIN } from "../../common/constants.ts";
import { escapeHtml, field, pageShell } from "./login-page.ts";

const alertOf = (message?: string) =>
  message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : "";
const backToSignIn = '<p class="aside"><a href="/api/login">Back to sign in</a></p>';

/** 'Forgot password?': one field, or the same words for every address once sent. */
export function renderForgotPage(state: { email?: string; error?: string; sent?: string } = {}) {
  const body = state.sent
    ? `<p class="notice" role="status">${escapeHtml(state.sent)}</p>`
    : `${alertOf(state.error)}
<p>Enter the e-mail address of your account. We will send it a link to choose a new password.</p>
<form method="post" action="/api/login/forgot" aria-label="Reset password" novalidate>
${field({ id: "forgot-email", name: "email", label: "Email", type: "email", autocomplete: "email", value: state.email, extra: ' maxlength="255"' })}
<button type="submit">Send reset link</button>
</form>`;
  return pageShell(
    "Forgot password",
    `<div class="narrow"><h1>Forgot your password?</h1><section>${body}${backToSignIn}</section></div>`,
  );
}

/** The reset link's page: a new password, or why the link no longer works. */
export function renderResetPage(state: { token?: string; error?: string; fieldError?: string }) {
  const body = state.token
    ? `${alertOf(state.error)}
<form method="post" action="/api/login/reset" aria-label="Choose a new password" novalidate>
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
${field({ id: "reset-password", name: "password", label: "New password", type: "password", autocomplete: "new-password", error: state.fieldError, extra: ` minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"` })}
<p class="hint">${PASSWORD_MIN} to ${PASSWORD_MAX} characters; very common passwords are refused. You will be signed out everywhere else.</p>
<button type="submit">Set new password</button>
</form>`
    : `${alertOf(state.error)}<p class="aside"><a href="/api/login/forgot">Ask for a new link</a></p>`;
  return pageShell(
    "Choose a new password",
    `<div class="narrow"><h1>Choose a new password</h1><section>${body}${backToSignIn}</section></div>`,
  );
}

/**
 * A confirmation link's page: a button that uses the link (a POST), so a mail scanner that
 * fetches links cannot use it up; or why it no longer works.
 */
export function renderConfirmPage(state: {
  title: string;
  action: string;
  button: string;
  token?: string;
  error?: string;
}) {
  const body = state.token
    ? `<form method="post" action="${state.action}" aria-label="${escapeHtml(state.title)}">
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
<button type="submit">${escapeHtml(state.button)}</button>
</form>`
    : `${alertOf(state.error)}<p class="aside"><a href="/settings">Go to Settings</a></p>`;
  return pageShell(
    state.title,
    `<div class="narrow"><h1>${escapeHtml(state.title)}</h1><section>${body}</section></div>`,
  );
}

/**
 * The sign-in link: its request (one button, the address already typed), the same words for
 * every address once sent, the link's page (a button that uses it, so a mail scanner fetching
 * links cannot), or why the link no longer works.
 */
export function renderSignInLinkPage(
  state: { sent?: string; token?: string; error?: string } = {},
) {
  const body = state.sent
    ? `<p class="notice" role="status">${escapeHtml(state.sent)}</p>`
    : state.token
      ? `<form method="post" action="/api/login/link/use" aria-label="Sign in with this link">
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
<button type="submit">Sign me in</button>
</form>`
      : `${alertOf(state.error)}<p class="aside"><a href="/api/login">Ask for a new link from the sign-in page</a></p>`;
  return pageShell(
    "Sign-in link",
    `<div class="narrow"><h1>Sign in with a link</h1><section>${body}${backToSignIn}</section></div>`,
  );
}

/** Offered under the sign-in form when the account's bound was passed. */
export function signInLinkOffer(email: string): string {
  return `<form method="post" action="/api/login/link" aria-label="E-mail me a sign-in link">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit">E-mail me a sign-in link</button>
</form>`;
}
