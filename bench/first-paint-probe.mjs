// Probe of the server's first paint (decision 048): for each public page, at phone
// and desktop width, with 4× CPU throttling, LCP and CLS from Chromium's own entries, console
// errors, blocking time (long tasks over 50 ms), whether the app hydrated the server's HTML (its nodes kept) and screenshots with
// JavaScript off and on. Usage: node bench/first-paint-probe.mjs <baseUrl> <outDir> [label]
// TZ_ID / LOCALE (e.g. Asia/Tokyo, de-DE) set the browser's time zone and language, so a
// visitor far from the server shows whether hydration still matches the server's HTML.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [baseUrl = "http://127.0.0.1:3000", outDir = "/tmp/first-paint", label = "run"] =
  process.argv.slice(2);
const pages = (process.env.PAGES ?? "/,/leaderboard,/game/1,/courts/1,/courts").split(",");
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
const rows = [];
for (const [device, viewport] of Object.entries(viewports)) {
  for (const url of pages) {
    const slug = url.replace(/\W+/g, "_") || "root";
    const off = await browser.newContext({ viewport, javaScriptEnabled: false });
    const offPage = await off.newPage();
    await offPage.goto(baseUrl + url, { waitUntil: "load" });
    const textOff = ((await offPage.locator("#root").textContent()) ?? "")
      .replace(/\s+/g, " ")
      .slice(0, 160);
    await offPage.screenshot({ path: path.join(outDir, `${label}-${device}-${slug}-nojs.png`) });
    await off.close();

    const context = await browser.newContext({
      viewport,
      timezoneId: process.env.TZ_ID,
      locale: process.env.LOCALE,
    });
    // No map tiles here (no internet): answered empty, so only the app's own errors count.
    await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
    await context.addInitScript(() => {
      const w = window;
      w.__cls = 0;
      w.__lcp = 0;
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      document.addEventListener("readystatechange", () => {
        if (document.readyState !== "interactive") return;
        const first = document.querySelector("#root h1, #root main");
        if (first) first.dataset.fromServer = "1";
      });
    });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(String(e)));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(baseUrl + url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    const result = await page.evaluate(() => {
      const first = document.querySelector("#root h1, #root main");
      return {
        lcp: Math.round(window.__lcp),
        cls: Number(window.__cls.toFixed(4)),
        // Blocking time as Lighthouse sums it (each long task's part over 50 ms), to the end.
        blocking: Math.round(window.__longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
        longest: Math.round(Math.max(0, ...window.__longTasks)),
        keptServerNode: first?.dataset.fromServer === "1",
        reactOwnsIt: !!first && Object.keys(first).some((k) => k.startsWith("__reactFiber")),
      };
    });
    await page.screenshot({ path: path.join(outDir, `${label}-${device}-${slug}-js.png`) });
    await context.close();
    rows.push({
      device,
      url,
      ...result,
      errors: errors.length,
      firstError: errors[0]?.slice(0, 200),
      textOff,
    });
  }
}
await browser.close();
for (const row of rows) console.log(JSON.stringify(row));
