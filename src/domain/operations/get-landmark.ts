import { answerDay } from '../answer-day.ts';
import { presentLandmarkDetail } from '../present.ts';
import { landmarkNotFound } from '../api-error.ts';
import type { Operation } from './context.ts';

export const getLandmarkOperation: Operation<'getLandmark'> = async ({ store, now }, { slug, at }) => {
  const day = answerDay(now, at);
  const landmark = await store.landmark(slug);
  if (!landmark) {
    throw landmarkNotFound(slug);
  }
  return presentLandmarkDetail(landmark, day, `${landmark.urls.json}/reports`);
};
