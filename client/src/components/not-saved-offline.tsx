/** Said inside the app, offline, for a page whose data this device never kept (issue 31). */
export const NOT_SAVED_OFFLINE = "This page hasn't been opened on this device yet";

export function NotSavedOffline() {
  return (
    <div role="alert" className="space-y-2">
      <h1 className="text-2xl font-bold">{NOT_SAVED_OFFLINE}</h1>
      <p className="text-muted-foreground">It will load when you're back online.</p>
    </div>
  );
}
