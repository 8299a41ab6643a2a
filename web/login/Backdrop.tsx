/** @jsxImportSource preact */
/**
 * The login background: the workspace's slides (the gallery from its active item on, in display
 * order) with the background's fit and position, played as a slideshow. An image stays for its
 * slide duration, a video until it ends (or cannot play); then the next slide fades in, and
 * after the last the first comes again. A single slide stays up (a video loops).
 *
 * With prefers-reduced-motion nothing moves by itself: the active slide stays, and a video shows
 * its first frame instead of playing. The preference is followed live, as the system changes it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LoginMedia } from './pageData.js';
import { objectFit, objectPosition } from './theme.js';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  const query = typeof matchMedia === 'function' ? matchMedia(REDUCED_MOTION) : null;
  const [reduced, setReduced] = useState(!!query?.matches);
  useEffect(() => {
    if (!query) return;
    const update = () => setReduced(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** Seconds an image slide stays: the item's own, within the gallery's 3–30 s. */
export function slideSeconds(item: LoginMedia): number {
  return Math.min(30, Math.max(3, item.slideDuration || 6));
}

interface Props {
  media: LoginMedia[];
  fit: string;
  position: string;
  /** Reports the slide on screen (its ad link is shown beside the card). */
  onSlide?(item: LoginMedia): void;
}

export function Backdrop({ media, fit, position, onSlide }: Props) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // Reduced motion stops the show where it is: on the active slide, unless it had moved on.
  const still = media.length < 2 || reduced;
  const item = media[index % media.length];
  const next = () => setIndex((i) => (i + 1) % media.length);

  useEffect(() => {
    if (item) onSlide?.(item);
    if (!item || still) return;
    // The next image starts loading now, so it is there when its turn comes.
    const upcoming = media[(index + 1) % media.length];
    if (upcoming && upcoming.type === 'image') new Image().src = upcoming.url;
    if (item.type === 'video') return; // it advances when it ends
    const timer = setTimeout(next, slideSeconds(item) * 1000);
    return () => clearTimeout(timer);
  }, [index, media.length, still]);

  if (!item) return <div class="lg-backdrop lg-backdrop--plain" aria-hidden="true" />;
  const style = { objectFit: objectFit(fit), objectPosition: objectPosition(position) };
  return (
    <div
      class={`lg-backdrop lg-backdrop--${fit}`}
      aria-hidden="true"
      data-fit={fit}
      data-position={position}
      data-slide={item.id}
    >
      {item.type === 'video' ? (
        <video
          key={item.id}
          class="lg-backdrop__media"
          src={item.url}
          style={style}
          muted
          playsInline
          preload="auto"
          autoPlay={!reduced}
          loop={still}
          onEnded={still ? undefined : next}
          // A video that cannot play would never end: move on after the shortest slide time
          // (not at once, so a gallery of broken files cannot spin).
          onError={still ? undefined : () => setTimeout(next, 3000)}
        />
      ) : (
        // An image that fails to load still gives way after its duration.
        <img key={item.id} class="lg-backdrop__media" src={item.url} alt="" style={style} />
      )}
    </div>
  );
}
