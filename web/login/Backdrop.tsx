/** @jsxImportSource preact */
/**
 * The login background: the workspace's media with its fit and position. Images stay for their
 * slide duration, videos advance when they end; a single item stays up (a video loops). With
 * prefers-reduced-motion a video does not play by itself (its first frame is shown).
 */
import { useEffect, useState } from 'preact/hooks';
import type { LoginMedia } from './pageData.js';
import { objectFit, objectPosition } from './theme.js';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Props {
  media: LoginMedia[];
  fit: string;
  position: string;
  /** Reports the slide on screen (its ad link is shown beside the card). */
  onSlide?(item: LoginMedia): void;
}

export function Backdrop({ media, fit, position, onSlide }: Props) {
  const [index, setIndex] = useState(0);
  const item = media[index % media.length];
  const single = media.length < 2;
  const next = () => setIndex((i) => (i + 1) % media.length);

  useEffect(() => {
    if (item) onSlide?.(item);
    if (!item || single || item.type === 'video') return;
    const timer = setTimeout(next, Math.max(3, item.slideDuration || 6) * 1000);
    return () => clearTimeout(timer);
  }, [index, media.length]);

  if (!item) return <div class="lg-backdrop lg-backdrop--plain" aria-hidden="true" />;
  const style = { objectFit: objectFit(fit), objectPosition: objectPosition(position) };
  return (
    <div class={`lg-backdrop lg-backdrop--${fit}`} aria-hidden="true" data-fit={fit} data-position={position}>
      {item.type === 'video' ? (
        <video
          key={item.id}
          class="lg-backdrop__media"
          src={item.url}
          style={style}
          muted
          playsInline
          preload="auto"
          autoPlay={!prefersReducedMotion()}
          loop={single}
          onEnded={single ? undefined : next}
        />
      ) : (
        <img key={item.id} class="lg-backdrop__media" src={item.url} alt="" style={style} />
      )}
    </div>
  );
}
