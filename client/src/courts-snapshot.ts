// The `/courts` page's first markers, drawn before the app's JavaScript has loaded: a bundle of
// its own, loaded by that page's HTML only (vite.config.ts, server/modules/pages/routes.ts).
import { startSnapshot } from "./features/courts/map/courts-snapshot.ts";

void startSnapshot(window);
