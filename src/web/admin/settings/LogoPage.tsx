import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type SettingKey, brandWords } from '../../../shared/settings/settings';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { BrandLogoAndText } from '../../components/layout/BrandMark';
import { rememberSetting, useSetting, useSiteFacts } from '../../lib/site-data';
import { Seo } from '../../lib/seo';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { Switch } from '../ui/Switch';
import { toastProblem, useAdminMutation } from '../admin-mutation';
import { useSettingsApi } from './api';
import { FileThumbnail, UploadProgressBar, useUploadProgress } from '../ui/UploadProgress';
import { logoFileProblem } from './logo-file';
import { BackToAdmin } from '../ui/BackToAdmin';

/** The brand text as saved: without surrounding spaces. */
const brandSchema = z.object({ brandText: z.string().trim() });

const box = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';

/** /admin/logo: the header's logo and brand text (docs/product.md#logo-manager). */
export function LogoPage() {
  const settings = useSettingsApi();
  const queryClient = useQueryClient();
  const logo = useSetting('site_logo');
  const showLogo = useSetting('show_site_logo') === 'true';
  const showText = useSetting('show_brand_text') === 'true';
  const savedText = useSetting('brand_text');
  const form = useAdminForm(brandSchema, { brandText: savedText });
  // The box follows the saved text (it may arrive after the screen) until staff edit it.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset({ brandText: savedText });
  }, [savedText, isDirty, form]);
  const brandText = useWatch({ control: form.control, name: 'brandText' });
  // Emptied, the header shows the business's name in capitals: the preview says so.
  const [first, rest] = brandWords(brandText, useSiteFacts().details.name);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { logoSwitch: useId(), textSwitch: useId(), file: useId() };

  const save = useAdminMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) => settings.save(key, value),
    success: (_saved, { key }) => ({ title: key === 'brand_text' ? 'Brand text updated' : 'Setting updated' }),
    failure: { title: 'Update failed', form: 'status' },
    onSuccess: (saved, { key }) => rememberSetting(queryClient, key, saved.value),
  });
  const saving = save.isPending ? save.variables.key : null;

  // The file chosen, shown before it is sent; then how far the upload has got.
  const [chosen, setChosen] = useState<File | null>(null);
  const progress = useUploadProgress();
  const uploadLogo = useAdminMutation({
    mutationFn: (file: File) => settings.uploadLogo(file, progress.track(file)),
    // The server shows a new logo at once (it turns the switch on): the toast says where it went.
    success: { title: 'Logo uploaded successfully', description: 'The header shows it now.' },
    failure: { title: 'Upload failed', form: 'status' },
    onSuccess: ({ logoPath, shown }) => {
      rememberSetting(queryClient, 'site_logo', logoPath);
      if (shown) rememberSetting(queryClient, 'show_site_logo', 'true');
      if (fileInput.current) fileInput.current.value = '';
      setChosen(null);
    },
    onSettled: progress.clear,
  });

  const upload = () => {
    const file = fileInput.current?.files?.[0];
    const problem = logoFileProblem(file);
    if (problem) return toastProblem(problem);
    uploadLogo.mutate(file!);
  };
  const choose = (file: File | undefined) => {
    // Only a picture the upload would take is shown; the upload itself says what is wrong.
    setChosen(file && !logoFileProblem(file) ? file : null);
  };

  return (
    <div>
      <Seo title="Logo Manager" description="Staff area." robots="noindex, nofollow" />
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Logo Manager</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className={box} aria-labelledby="current-logo">
          <h2 id="current-logo" className="text-xl font-semibold text-slate-900">
            Current logo
          </h2>
          <div className="mt-3 flex h-40 items-center justify-center rounded-lg bg-slate-50">
            {logo ? (
              <ResponsiveImage src={logo} alt="Current site logo" sizes="160px" className="max-h-36 w-auto" />
            ) : (
              <p className="text-slate-600">No logo uploaded yet</p>
            )}
          </div>
          <div className="mt-4">
            <Switch
              id={ids.logoSwitch}
              label="Show logo in the header"
              checked={showLogo}
              disabled={saving === 'show_site_logo'}
              onChange={(checked) => save.mutate({ key: 'show_site_logo', value: String(checked) })}
            />
          </div>
        </section>

        <section className={box} aria-labelledby="upload-logo">
          <h2 id="upload-logo" className="text-xl font-semibold text-slate-900">
            Upload a new logo
          </h2>
          <p className="mt-1 text-slate-700">
            Recommended: a 512x512 PNG or JPG, at most 5MB. Once uploaded, it shows in the header.
          </p>
          <label htmlFor={ids.file} className="mt-3 block font-medium text-slate-900">
            Logo file
          </label>
          <input
            id={ids.file}
            ref={fileInput}
            type="file"
            accept="image/*"
            onChange={(event) => choose(event.target.files?.[0])}
            className="mt-1 block w-full"
          />
          {progress.file ? (
            <UploadProgressBar file={progress.file} percent={progress.percent} />
          ) : (
            chosen && (
              <div className="mt-3 flex items-center gap-3">
                <FileThumbnail file={chosen} />
                <p className="min-w-0 truncate text-sm text-slate-700">{chosen.name}</p>
              </div>
            )
          )}
          <button
            type="button"
            onClick={upload}
            disabled={uploadLogo.isPending}
            className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {uploadLogo.isPending ? 'Uploading...' : 'Upload Logo'}
          </button>
        </section>

        <section className={box} aria-labelledby="brand-text">
          <h2 id="brand-text" className="text-xl font-semibold text-slate-900">
            Brand text
          </h2>
          <AdminForm
            form={form}
            idPrefix="brand"
            className="mt-3"
            onSubmit={(values) =>
              save.mutate({ key: 'brand_text', value: values.brandText }, { onSuccess: () => form.reset(values) })
            }
          >
            <TextField name="brandText" label="Text (first word blue, the rest red)" maxLength={500} />
            <button
              type="submit"
              disabled={saving === 'brand_text'}
              className="mt-3 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              {saving === 'brand_text' ? 'Saving...' : 'Save Brand Text'}
            </button>
          </AdminForm>
          <div className="mt-4">
            <Switch
              id={ids.textSwitch}
              label="Show brand text in the header"
              checked={showText}
              disabled={saving === 'show_brand_text'}
              onChange={(checked) => save.mutate({ key: 'show_brand_text', value: String(checked) })}
            />
          </div>
        </section>

        <section className={box} aria-labelledby="preview">
          <h2 id="preview" className="text-xl font-semibold text-slate-900">
            Preview
          </h2>
          <div data-testid="brand-preview" className="mt-3 flex items-center gap-2 rounded-lg border px-4 py-3">
            <BrandLogoAndText
              logo={showLogo ? logo : ''}
              showText={showText || !showLogo || !logo}
              first={first}
              rest={rest}
            />
          </div>
        </section>
      </div>
    </div>
  );
}
