import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast.ts";

/** GeolocationPositionError.PERMISSION_DENIED (the constant is missing outside browsers). */
const PERMISSION_DENIED = 1;

// Three decimals is about 100 m: enough to centre the map, and the URL (history, shared
// links) does not carry the visitor's exact position.
const rounded = (degrees: number) => degrees.toFixed(3);

/**
 * 'Find Courts Near Me': asks the browser where the visitor is and opens the courts directory
 * there (/courts?lat=&lng=). Refused, failed or unsupported, it says so kindly and opens the
 * directory anyway: the visitor asked to see courts, and every court is still worth seeing.
 */
export function useFindCourtsNearMe() {
  const [, navigate] = useLocation();
  const [locating, setLocating] = useState(false);
  // An answer that arrives after the visitor has left the page must not pull them back.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const findCourtsNearMe = useCallback(() => {
    const geolocation = "geolocation" in navigator ? navigator.geolocation : undefined;
    if (!geolocation) {
      toast({
        title: "Location not supported",
        description: "Your browser doesn't support location detection. Here are all our courts.",
      });
      navigate("/courts");
      return;
    }
    setLocating(true);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        setLocating(false);
        navigate(`/courts?lat=${rounded(coords.latitude)}&lng=${rounded(coords.longitude)}`);
      },
      (error) => {
        if (!mounted.current) return;
        setLocating(false);
        toast(
          error.code === PERMISSION_DENIED
            ? {
                title: "Location access denied",
                description: "No problem: here are all our courts. Search for your area there.",
              }
            : {
                title: "Couldn't find your location",
                description: "Here are all our courts. Search for your area there.",
              },
        );
        navigate("/courts");
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, [navigate]);

  return { findCourtsNearMe, locating };
}
