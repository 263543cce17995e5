import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { ImageCategory } from '../../../shared/images/images';
import { useImagesApi } from './api';
import { CategorySelect } from './CategorySelect';
import { adminImagesQueries } from './queries';

export interface ImageFilterState {
  search: string;
  setSearch: (search: string) => void;
  category: ImageCategory | 'all';
  setCategory: (category: ImageCategory | 'all') => void;
}

/** The library as the manager and the picker browse it: a search box, a category, the matching images. */
export function useImageLibrary() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ImageCategory | 'all'>('all');
  const calls = useImagesApi();
  const query = { q: useDeferredValue(search.trim()), category };
  const images = useQuery(adminImagesQueries.list(calls, query));
  const filters: ImageFilterState = { search, setSearch, category, setCategory };
  return { images, filters, filtered: query.q !== '' || category !== 'all' };
}

/** Search and category fields; `compact` keeps the labels for screen readers only (the picker panel). */
export function ImageFilters({ filters, compact = false }: { filters: ImageFilterState; compact?: boolean }) {
  const ids = { search: useId(), category: useId() };
  const labelClass = compact ? 'sr-only' : 'mb-1 block font-medium text-slate-900';
  return (
    <div className={`grid ${compact ? 'gap-2 sm:grid-cols-[1fr_12rem]' : 'gap-4 sm:grid-cols-[1fr_16rem]'}`}>
      <div>
        <label htmlFor={ids.search} className={labelClass}>
          Search images
        </label>
        <input
          id={ids.search}
          type="search"
          value={filters.search}
          onChange={(event) => filters.setSearch(event.target.value)}
          placeholder="File name or alt text"
          className="w-full rounded-md border border-slate-400 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor={ids.category} className={labelClass}>
          Category
        </label>
        <CategorySelect
          id={ids.category}
          value={filters.category}
          withAll
          onChange={(value) => filters.setCategory(value as ImageCategory | 'all')}
        />
      </div>
    </div>
  );
}
