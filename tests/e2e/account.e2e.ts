import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signIn, signUpByApi } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  REFUSED_SIGN_IN,
  SIGNED_OUT_USER_CHECK,
  screenshot,
  setUpBrowser,
} from "./support/browser.ts";
import { linkPath, waitForMail } from "./support/mailbox.ts";
import { VIEWPORTS } from "./support/viewports.ts";

const browser = setUpBrowser();

const shot = async (page: Page, name: string) =>
  console.log(`[e2e] screenshot: ${await screenshot(page, name)}`);

describe("an account a player can trust", () => {
  for (const { name, options } of VIEWPORTS) {
    it(`on a ${name}: forgot password → the e-mailed link → a new password → signed in; then delete the account`, async () => {
      // Someone signs up (the confirmation banner shows), then signs out and forgets the password.
      const setup = await browser.newPage(options);
      const player = await signUpByApi(setup.page);
      await setup.page.goto("/settings");
      const banner = setup.page.getByRole("region", { name: "Confirm your e-mail address" });
      await banner.waitFor();
      await setup.page.getByRole("heading", { name: "Sessions" }).waitFor();
      await setup.page
        .getByRole("list", { name: "Signed-in devices" })
        .getByText("This browser")
        .waitFor();
      await expectAccessible(setup.page, `settings with the banner (${name})`);
      await shot(setup.page, `account-settings-${name}`);
      await setup.context.close();

      const { page } = await browser.newPage({
        ...options,
        allowConsoleErrors: [SIGNED_OUT_USER_CHECK, REFUSED_SIGN_IN],
      });
      await page.goto("/api/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await expectAccessible(page, `forgot password (${name})`);
      await page.getByLabel("Email", { exact: true }).fill(player.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByText("If an account uses that address").waitFor();
      await shot(page, `account-forgot-sent-${name}`);

      const mail = await waitForMail(player.email, "Reset your password");
      await page.goto(linkPath(mail, "/api/login/reset"));
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await expectAccessible(page, `reset password (${name})`);
      await shot(page, `account-reset-${name}`);
      const newPassword = `${player.password}-new`;
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL((url) => url.pathname === "/onboarding");
      await page.waitForLoadState("networkidle");

      // Signed in with the new password; the old one no longer works.
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      const check = await browser.newPage({
        ...options,
        allowConsoleErrors: [SIGNED_OUT_USER_CHECK, REFUSED_SIGN_IN],
      });
      await signIn(check.page, player, null);
      await check.page.getByRole("alert").getByText("Invalid email or password.").waitFor();
      await check.context.close();

      // Delete the account: a dialog, the password, then the landing page, signed out.
      await page.goto("/settings");
      await page.getByRole("button", { name: "Delete account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.getByLabel("Password", { exact: true }).fill(newPassword);
      await expectAccessible(page, `delete dialog (${name})`);
      await shot(page, `account-delete-dialog-${name}`);
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.waitForLoadState("networkidle");
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });
  }
});
