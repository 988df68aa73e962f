import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
// The app's Toaster imports its list after mounting (off the first screen's path). Loaded here,
// that import is answered from the module cache: a test that ends first would otherwise leave
// the module loading after its environment is torn down (an unhandled rejection in CI).
import "@/components/ui/toast-list.tsx";

// How long findBy… waits for a screen to settle, not a speed check: a lazily loaded part (the
// map, a dialog) can take more than the default second on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
