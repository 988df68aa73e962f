/** The two widths every screen is checked at: a phone and a desktop. */
export const VIEWPORTS = [
  {
    name: "phone",
    options: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    },
  },
  { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
];
