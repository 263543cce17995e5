import { SelectField, TextField } from '../ui/form';
import { categoryOptions } from './CategorySelect';

/** Alt text and category of an image: the upload and edit dialogs ask for the same two things. */
export function ImageDetailsFields() {
  return (
    <>
      <TextField name="altText" label="Alt text" placeholder="Describe the image for screen readers" />
      <SelectField name="category" label="Category" options={categoryOptions} />
    </>
  );
}
