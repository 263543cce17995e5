/** docs/product.md#home: six static testimonials, all rated 5. */
export const testimonials = [
  {
    text: 'My daughter went from a grade 3 to a grade 6 in GCSE Maths in two terms. The small class meant she finally asked questions.',
    author: 'Sarah, parent in Acklam',
    rating: 5,
  },
  {
    text: 'The free assessment showed exactly where Oliver was stuck with reading. Six months on he reads at bedtime without being asked.',
    author: 'Daniel, parent in Stockton',
    rating: 5,
  },
  {
    text: 'I needed a grade 4 in English for my college place. The resit course got me there first time.',
    author: 'Chloe, Year 12 student in Redcar',
    rating: 5,
  },
  {
    text: 'Brilliant 11+ preparation. Clear feedback after every session and our son walked into the exam calm.',
    author: 'Priya, parent in Ingleby Barwick',
    rating: 5,
  },
  {
    text: 'Online lessons fit around shifts and football. The tutor knows the AQA Science papers inside out.',
    author: 'Mark, parent in Billingham',
    rating: 5,
  },
  {
    text: 'Friendly, patient and organised. Our twins look forward to Saturday sessions, which I never thought I would say.',
    author: 'Helen, parent in Yarm',
    rating: 5,
  },
] as const;
