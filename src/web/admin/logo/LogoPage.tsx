import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type SettingKey, brandWords } from '../../../shared/settings';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { BrandLogoAndText } from '../../components/layout/BrandMark';
import { toast } from '../../components/ui/use-toast';
import { rememberSetting, useSetting } from '../../features/settings/queries';
import { Seo } from '../../lib/seo';
import { AdminForm, TextField, useAdminForm } from '../ui/form';
import { Switch } from '../ui/Switch';
import { toastFailure } from '../admin-api';
import { useAdminApi } from '../session';
import { logoFileProblem } from './logo-file';
import { BackToAdmin } from '../ui/BackToAdmin';

/** The brand text as saved: without surrounding spaces. */
const brandSchema = z.object({ brandText: z.string().trim() });

const box = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';

/** /admin/logo: the header's logo and brand text (docs/product.md#logo-manager). */
export function LogoPage() {
  const api = useAdminApi();
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
  const [first, rest] = brandWords(brandText);
  const [pending, setPending] = useState<'text' | 'upload' | SettingKey | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { logoSwitch: useId(), textSwitch: useId(), file: useId() };

  const remember = (key: SettingKey, value: string) => rememberSetting(queryClient, key, value);

  const save = async (key: SettingKey, value: string, success: string) => {
    setPending(key === 'brand_text' ? 'text' : key);
    try {
      const saved = await api.settings.save(key, value);
      remember(key, saved.value);
      toast({ title: success });
      return true;
    } catch (error) {
      toastFailure('Update failed', error, { form: 'status' });
      return false;
    } finally {
      setPending(null);
    }
  };

  const upload = async () => {
    const file = fileInput.current?.files?.[0];
    const problem = logoFileProblem(file);
    if (problem) return toast({ variant: 'destructive', ...problem });
    setPending('upload');
    try {
      const { logoPath } = await api.settings.uploadLogo(file!);
      remember('site_logo', logoPath);
      toast({ title: 'Logo uploaded successfully' });
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      toastFailure('Upload failed', error, { form: 'status' });
    } finally {
      setPending(null);
    }
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
              label="Show logo in the navbar"
              checked={showLogo}
              disabled={pending === 'show_site_logo'}
              onChange={(checked) => void save('show_site_logo', String(checked), 'Setting updated')}
            />
          </div>
        </section>

        <section className={box} aria-labelledby="upload-logo">
          <h2 id="upload-logo" className="text-xl font-semibold text-slate-900">
            Upload a new logo
          </h2>
          <p className="mt-1 text-slate-700">Recommended: a 512x512 PNG or JPG, at most 5MB.</p>
          <label htmlFor={ids.file} className="mt-3 block font-medium text-slate-900">
            Logo file
          </label>
          <input id={ids.file} ref={fileInput} type="file" accept="image/*" className="mt-1 block w-full" />
          <button
            type="button"
            onClick={() => void upload()}
            disabled={pending === 'upload'}
            className="mt-4 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {pending === 'upload' ? 'Uploading...' : 'Upload Logo'}
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
            onSubmit={async (values) => {
              if (await save('brand_text', values.brandText, 'Brand text updated')) form.reset(values);
            }}
          >
            <TextField name="brandText" label="Text (first word blue, the rest red)" maxLength={500} />
            <button
              type="submit"
              disabled={pending === 'text'}
              className="mt-3 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              {pending === 'text' ? 'Saving...' : 'Save Brand Text'}
            </button>
          </AdminForm>
          <div className="mt-4">
            <Switch
              id={ids.textSwitch}
              label="Show brand text in the navbar"
              checked={showText}
              disabled={pending === 'show_brand_text'}
              onChange={(checked) => void save('show_brand_text', String(checked), 'Setting updated')}
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
