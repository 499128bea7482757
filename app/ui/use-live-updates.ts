import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Re-runs the page's loaders when the server says something the user sees has changed. */
export function useLiveUpdates(onChange?: (topic: string) => void) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const source = new EventSource("/resources/events");
    let timer: number | undefined;
    source.addEventListener("change", (event) => {
      const topic = (JSON.parse((event as MessageEvent).data) as { topic: string }).topic;
      onChange?.(topic);
      // Several events in a burst (e.g. invite + member) become one reload of the data.
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void revalidate(), 150);
    });
    return () => {
      window.clearTimeout(timer);
      source.close();
    };
  }, [revalidate, onChange]);
}
