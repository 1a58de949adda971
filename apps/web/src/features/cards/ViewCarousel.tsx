import 'swiper/css';
import type { TCard } from '@parley/contract';
import type { ChartSize } from '@parley/presenter';
import type { ECharts } from 'echarts/core';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y } from 'swiper/modules';
import { Swiper, type SwiperClass, SwiperSlide } from 'swiper/react';
import { ViewContent } from './ViewContent';
import type { ViewType } from './views';

/** What a card's own buttons ask of its carousel. */
export interface ViewCarouselHandle {
  /** Slides on to the next view (round the loop); false while no carousel is on screen. */
  next(): boolean;
}

export interface ViewCarouselProps {
  card: TCard;
  views: readonly ViewType[];
  /** The view on screen, as its place in `views`; the carousel slides there when it changes. */
  index: number;
  /** A collection's compact card loops; the conversation's card stops at both ends. */
  loop?: boolean;
  className: string;
  /** Each slide's test id is `${slideTestId}-${view}`. */
  slideTestId: string;
  /** A view reached by sliding. */
  onChange: (view: ViewType) => void;
  onInstance?: (instance: ECharts | null) => void;
  size?: ChartSize;
  ref?: Ref<ViewCarouselHandle>;
}

const noop = () => undefined;

/** The slide on screen as a place in the views (a looped carousel's clones counted once). */
const shownIndex = (swiper: SwiperClass, looped: boolean) => (looped ? swiper.realIndex : swiper.activeIndex);

/**
 * The carousel over a card's views, shared by the analysis card and the compact card: one slide
 * a view, only the one on screen drawn. Arrow keys stay with the card's toolbar, not the slides.
 */
export function ViewCarousel({
  card,
  views,
  index,
  loop = false,
  className,
  slideTestId,
  onChange,
  onInstance = noop,
  size,
  ref,
}: ViewCarouselProps) {
  const { t } = useTranslation('cards');
  const swiperRef = useRef<SwiperClass | null>(null);
  const looped = loop && views.length > 1;

  // The carousel follows a view chosen with the buttons (or restored once the answer arrived).
  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper || swiper.destroyed || shownIndex(swiper, looped) === index) return;
    if (looped) swiper.slideToLoop(index);
    else swiper.slideTo(index);
  }, [index, looped]);

  useImperativeHandle(
    ref,
    () => ({
      next: () => {
        const swiper = swiperRef.current;
        if (!swiper || swiper.destroyed) return false;
        swiper.slideNext();
        return true;
      },
    }),
    [],
  );

  return (
    <Swiper
      modules={[A11y]}
      loop={looped}
      initialSlide={index}
      simulateTouch={false}
      a11y={{ enabled: true, slideRole: 'group' }}
      onSwiper={(s) => {
        swiperRef.current = s;
      }}
      onSlideChange={(s) => {
        const v = views[shownIndex(s, looped)];
        if (v && v !== views[index]) onChange(v);
      }}
      className={className}
    >
      {views.map((v, i) => (
        <SwiperSlide key={v} data-testid={`${slideTestId}-${v}`} aria-label={t(`view.${v}`)}>
          {i === index ? <ViewContent card={card} view={v} onInstance={onInstance} size={size} /> : null}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
