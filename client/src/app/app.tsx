import { AppRouter } from "./app-router.tsx";
import { AppProviders } from "./providers.tsx";

export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
