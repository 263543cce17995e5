/** The body of every error the API answers (one contract; the UI keys off status and code). */
export interface ApiErrorBody {
  error: string;
  code: string;
  field?: string;
}
