import { PRODUCT_NAME } from "./constants.ts";
import { PAGES } from "./pages.ts";

/**
 * The installed app's colours, from client/src/index.css: the bar takes the brand's primary
 * orange (orange-700, the colour of buttons and links), the splash screen the page background.
 */
export const THEME_COLOR = "#c2410c";
export const BACKGROUND_COLOR = "#ffffff";
/** Behind the logo in the PNG icons: the brand's light orange (orange-100). */
export const ICON_BACKGROUND = "#ffedd5";

export type ManifestIcon = {
  src: string;
  sizes: string;
  type: "image/png";
  purpose: "any" | "maskable";
};

/**
 * The PNG icons made from favicon.svg by scripts/make-icons.ts. `padding` is the share of the
 * side left around the logo: maskable icons keep the logo inside the inner 80% circle that
 * every launcher mask leaves visible (10% each side is the minimum; 15% leaves room).
 */
export const ICONS = [
  { file: "icon-192.png", size: 192, purpose: "any", padding: 0.06 },
  { file: "icon-512.png", size: 512, purpose: "any", padding: 0.06 },
  { file: "maskable-192.png", size: 192, purpose: "maskable", padding: 0.15 },
  { file: "maskable-512.png", size: 512, purpose: "maskable", padding: 0.15 },
  { file: "apple-touch-icon.png", size: 180, purpose: "apple", padding: 0.1 },
] as const;

export const ICONS_PATH = "/icons";

export const manifestIcons: ManifestIcon[] = ICONS.flatMap((icon) =>
  icon.purpose === "apple"
    ? []
    : [
        {
          src: `${ICONS_PATH}/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: "image/png" as const,
          purpose: icon.purpose,
        },
      ],
);

/** The web app manifest (/manifest.webmanifest), written by vite-plugin-pwa at build time. */
export const webAppManifest = {
  id: "/",
  name: PRODUCT_NAME,
  short_name: "Ball w/ Bros",
  description: "Find basketball courts, meet players of your level and run pickup games near you.",
  lang: "en",
  dir: "ltr" as const,
  start_url: "/",
  scope: "/",
  display: "standalone" as const,
  orientation: "any" as const,
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ["sports", "social", "lifestyle"],
  icons: manifestIcons,
  shortcuts: [
    {
      name: "Courts",
      short_name: "Courts",
      description: "Courts near you",
      url: PAGES.courts.path,
    },
    {
      name: "Games",
      short_name: "Games",
      description: "Pickup games to join",
      url: PAGES.games.path,
    },
    {
      name: "Leaderboard",
      short_name: "Leaderboard",
      description: "The top players",
      url: PAGES.leaderboard.path,
    },
  ].map((shortcut) => ({
    ...shortcut,
    icons: [{ src: `${ICONS_PATH}/icon-192.png`, sizes: "192x192", type: "image/png" }],
  })),
};
