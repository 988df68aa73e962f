import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { PushSettings } from "./push-settings.tsx";
import { keyBytes } from "./push-subscription.ts";

const SUBSCRIPTION = {
  endpoint: "https://push.example.net/device-1",
  keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) },
};

/** A browser with a push service: permission as given, one registration, one subscription. */
function fakeBrowser(permission: NotificationPermission, subscribed = false) {
  let subscription: {
    endpoint: string;
    toJSON(): unknown;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const make = () => ({
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (subscribed) subscription = make();
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = make();
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => notification.permission),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  return { serviceWorker, pushManager, notification };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

const routes = {
  "/api/push/public-key": Response.json({
    publicKey:
      "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
  }),
  "POST /api/push/subscriptions": () => new Response(null, { status: 204 }),
  "DELETE /api/push/subscriptions": () => new Response(null, { status: 204 }),
};
const pushSwitch = () => screen.findByRole("switch", { name: "Push notifications" });

describe("Push notifications (this device)", () => {
  it("asks permission, subscribes with the server's key and hands the subscription over", async () => {
    const browser = fakeBrowser("default");
    browser.notification.requestPermission.mockImplementation(async () => {
      browser.notification.permission = "granted";
      return "granted";
    });
    const { fetchMock } = renderWithApi(<PushSettings />, { user: testUser(), routes });
    const user = userEvent.setup();
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute("aria-checked", "false");

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    expect(browser.serviceWorker.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(
        routes["/api/push/public-key"].clone() &&
          "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
      ),
    });
    const posted = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/push/subscriptions" && init?.method === "POST",
    );
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual(SUBSCRIPTION);
  });

  it("turns off: the server forgets the device, then the browser's subscription goes", async () => {
    fakeBrowser("granted", true);
    const { fetchMock } = renderWithApi(<PushSettings />, { user: testUser(), routes });
    const user = userEvent.setup();
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    const removed = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/push/subscriptions" && init?.method === "DELETE",
    );
    expect(JSON.parse(String(removed?.[1]?.body))).toEqual({ endpoint: SUBSCRIPTION.endpoint });
  });

  it("says when the browser blocks notifications or cannot show them", async () => {
    fakeBrowser("denied");
    const view = renderWithApi(<PushSettings />, { user: testUser(), routes });
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(await pushSwitch()).toBeDisabled();
    view.unmount();

    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "serviceWorker");
    renderWithApi(<PushSettings />, { user: testUser(), routes });
    expect(
      await screen.findByText("This browser cannot show notifications from websites."),
    ).toBeInTheDocument();
  });
});

describe("keyBytes", () => {
  it("decodes a base64url key", () => {
    expect([...keyBytes("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
  });
});
